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
import Trees from 'lucide-react/icons/trees';
import TreePine from 'lucide-react/icons/tree-pine';
import Shrub from 'lucide-react/icons/shrub';
import Hammer from 'lucide-react/icons/hammer';
import Wrench from 'lucide-react/icons/wrench';
import Truck from 'lucide-react/icons/truck';
import HardHat from 'lucide-react/icons/hard-hat';
import Ruler from 'lucide-react/icons/ruler';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Droplets from 'lucide-react/icons/droplets';
import Bug from 'lucide-react/icons/bug';
import Fence from 'lucide-react/icons/fence';
import Wind from 'lucide-react/icons/wind';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { IconName } from '../model/constants.ts';

/** Each name content may choose (templates/model/constants.ts) drawn by its lucide icon. */
const icons = {
  axe: Axe,
  scissors: Scissors,
  shovel: Shovel,
  siren: Siren,
  sprout: Sprout,
  stethoscope: Stethoscope,
  'cloud-lightning': CloudLightning,
  tractor: Tractor,
  leaf: Leaf,
  tree: TreeDeciduous,
  trees: Trees,
  'tree-pine': TreePine,
  shrub: Shrub,
  hammer: Hammer,
  wrench: Wrench,
  truck: Truck,
  'hard-hat': HardHat,
  ruler: Ruler,
  'clipboard-list': ClipboardList,
  droplets: Droplets,
  bug: Bug,
  fence: Fence,
  wind: Wind,
  arrow: ArrowRight,
  award: Award,
  check: Check,
  chevron: ChevronDown,
  clock: Clock,
  file: FileText,
  mail: Mail,
  pin: MapPin,
  menu: Menu,
  phone: Phone,
  shield: ShieldCheck,
  star: Star,
  close: X,
  calendar: Calendar,
  alert: TriangleAlert,
} satisfies Record<IconName, ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>>;

// Each icon's paths are rendered once; every page reuses the markup (a page shows dozens of icons).
const paths = new Map<string, string>();
function iconPaths(name: string): string {
  let inner = paths.get(name);
  if (inner === undefined) {
    const C = icons[name as IconName] ?? Leaf;
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
