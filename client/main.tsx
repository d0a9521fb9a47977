// The one client module: enhances server-rendered HTML, never re-renders content.
import { initMenu } from './menu.ts';
import { initDropdown } from './dropdown.ts';
import { initAccordion } from './accordion.ts';
import { initToaster } from './toaster.tsx';
import { initContactForm, initEstimateDialog } from './forms.ts';
import { initReveal } from './reveal.ts';
import { initMaps } from './map.ts';

initMenu();
initDropdown();
initAccordion();
initToaster();
initContactForm();
initEstimateDialog();
initReveal();
initMaps();
document.documentElement.dataset.app = 'ready'; // tells the head script the enhancements are live
