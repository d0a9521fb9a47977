// The first-visit module, the one client module a page loads: enhances server-rendered HTML, never re-renders content.
// It imports the delivery module (../delivery/) only as import(), on a form's first use.
import { initEstimateButtons } from './estimate.ts';
import { initContactForm } from './forms.ts';
import { initAccordion, initDropdown, initMaps, initMenu, initReveal } from './page.ts';
import { initToaster } from './toaster.tsx';

initMenu();
initDropdown();
initAccordion();
initToaster();
initContactForm();
initEstimateButtons();
initReveal();
initMaps();
document.documentElement.dataset.app = 'ready'; // tells the head script the enhancements are live
