// Icons rendered to inline SVG at build time: they cost no client JavaScript.
// One module per icon: the package's all-icons entry is a 1.3 MB file that costs a build ~100 ms to load.
import ArrowRight from 'lucide-react/icons/arrow-right';
import Award from 'lucide-react/icons/award';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Clock from 'lucide-react/icons/clock';
import FileText from 'lucide-react/icons/file-text';
import Leaf from 'lucide-react/icons/leaf';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import Phone from 'lucide-react/icons/phone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Star from 'lucide-react/icons/star';
import X from 'lucide-react/icons/x';
import Axe from 'lucide-react/icons/axe';
import Scissors from 'lucide-react/icons/scissors';
import Shovel from 'lucide-react/icons/shovel';
import Siren from 'lucide-react/icons/siren';
import Stethoscope from 'lucide-react/icons/stethoscope';
import CloudLightning from 'lucide-react/icons/cloud-lightning';
import Tractor from 'lucide-react/icons/tractor';
import Sprout from 'lucide-react/icons/sprout';
import Calendar from 'lucide-react/icons/calendar';
import TreeDeciduous from 'lucide-react/icons/tree-deciduous';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const icons = {
  arrow: ArrowRight,
  award: Award,
  check: Check,
  chevron: ChevronDown,
  clock: Clock,
  file: FileText,
  leaf: Leaf,
  mail: Mail,
  pin: MapPin,
  menu: Menu,
  phone: Phone,
  shield: ShieldCheck,
  star: Star,
  close: X,
  calendar: Calendar,
  tree: TreeDeciduous,
  alert: TriangleAlert,
  // one per service, by slug
  'tree-removal': Axe,
  'tree-trimming': Scissors,
  'stump-grinding': Shovel,
  'emergency-tree-removal': Siren,
  'hedge-trimming': Sprout,
  'tree-health-inspection': Stethoscope,
  'storm-cleanup': CloudLightning,
  'lot-brush-clearing': Tractor,
} satisfies Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>>;

export type IconName = keyof typeof icons;
/** Every icon's name: what content may choose from (site.yaml header.strip). */
export const ICON_NAMES = Object.keys(icons) as [IconName, ...IconName[]];

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
    // Inline in HTML, so no xmlns; the stroke and fill are the stylesheet's (svg.icon), not repeated on every icon
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={`icon icon-${name}`}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: iconPaths(name) }}
    />
  );
}
