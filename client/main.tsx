// The one client module: enhances server-rendered HTML, never re-renders content.
import { initMenu } from './menu.ts';
import { initDropdown } from './dropdown.ts';
import { initAccordion } from './accordion.ts';
import { initToaster } from './toaster.tsx';
import { initContactForm } from './forms.ts';
import { initEstimateButtons } from './estimate-buttons.ts';
import { initReveal } from './reveal.ts';
import { initMaps } from './map.ts';

initMenu();
initDropdown();
initAccordion();
initToaster();
initContactForm();
initEstimateButtons();
initReveal();
initMaps();
document.documentElement.dataset.app = 'ready'; // tells the head script the enhancements are live
