// Icons rendered to inline SVG at build time: they cost no client JavaScript.
import {
  ArrowRight, Award, Check, ChevronDown, Clock, FileText, Leaf, Mail, MapPin, Menu, Phone, ShieldCheck, Star, X,
  Axe, Scissors, Shovel, Siren, Stethoscope, CloudLightning, Tractor, Sprout, Calendar, TreeDeciduous,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const icons = {
  arrow: ArrowRight, award: Award, check: Check, chevron: ChevronDown, clock: Clock, file: FileText, leaf: Leaf, mail: Mail,
  pin: MapPin, menu: Menu, phone: Phone, shield: ShieldCheck, star: Star, close: X, calendar: Calendar, tree: TreeDeciduous,
  // one per service, by slug
  'tree-removal': Axe, 'tree-trimming': Scissors, 'stump-grinding': Shovel, 'emergency-tree-removal': Siren,
  'hedge-trimming': Sprout, 'tree-health-inspection': Stethoscope, 'storm-cleanup': CloudLightning, 'lot-brush-clearing': Tractor,
} satisfies Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>>;

export type IconName = keyof typeof icons;

// Each icon's paths are rendered once; pages reuse the markup (a large blog renders thousands of icons).
const paths = new Map<string, string>();
function iconPaths(name: string): string {
  let inner = paths.get(name);
  if (inner === undefined) {
    const C = (icons as Record<string, (typeof icons)[IconName]>)[name] ?? Leaf;
    inner = renderToStaticMarkup(<C />).replace(/^<svg[^>]*>|<\/svg>$/g, '');
    paths.set(name, inner);
  }
  return inner;
}

export function Icon({ name, size = 20 }: { name: string; size?: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" className={`icon icon-${name}`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconPaths(name) }} />
  );
}
