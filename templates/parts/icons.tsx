// Icons rendered to inline SVG at build time: they cost no client JavaScript.
import {
  ArrowRight, Award, Check, ChevronDown, Clock, FileText, Leaf, Mail, MapPin, Menu, Phone, ShieldCheck, Star, X,
  Axe, Scissors, Shovel, Siren, Stethoscope, CloudLightning, Tractor, Sprout, Calendar, TreeDeciduous,
} from 'lucide-react';
import type { ComponentType } from 'react';

const icons = {
  arrow: ArrowRight, award: Award, check: Check, chevron: ChevronDown, clock: Clock, file: FileText, leaf: Leaf, mail: Mail,
  pin: MapPin, menu: Menu, phone: Phone, shield: ShieldCheck, star: Star, close: X, calendar: Calendar, tree: TreeDeciduous,
  // one per service, by slug
  'tree-removal': Axe, 'tree-trimming': Scissors, 'stump-grinding': Shovel, 'emergency-tree-removal': Siren,
  'hedge-trimming': Sprout, 'tree-health-inspection': Stethoscope, 'storm-cleanup': CloudLightning, 'lot-brush-clearing': Tractor,
} satisfies Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>>;

export type IconName = keyof typeof icons;

export function Icon({ name, size = 20 }: { name: string; size?: number }) {
  const C = (icons as Record<string, (typeof icons)[IconName]>)[name] ?? Leaf;
  return <C size={size} aria-hidden={true} className="icon" />;
}
