// The two quote forms (spec sections 5, 7 and 9) and what each delivery mode (site.yaml forms.delivery) adds to them:
// where the form posts without JavaScript, the hidden fields of the payload, and the honeypot.
import type { Site } from '../model/types.ts';
import { HONEYPOT, LEAD_FIELDS, MAX_PHOTOS, OFFICE_PATH, photoField, URGENT_FIELD, UTM_FIELDS, VISIT_FIELDS } from '../model/constants.ts';
import { OFFICE_FIELD } from '../model/office-link.ts';
import { fill } from '../model/words.ts';
import { Phrase } from './blocks.tsx';
import { useStyle } from '../styles.ts';
import { Icon } from './icons.tsx';

type FormName = 'contact' | 'estimate';

/**
 * What a form needs for real delivery: with JavaScript the client reads data-delivery and sends the request
 * itself; without it the browser posts to action (Netlify takes a post to any page and then shows that page).
 */
function deliveryAttrs(site: Site, name: FormName) {
  const f = site.forms;
  // the phone a toast offers when a request is not sent (or, simulated, its module did not load); and, where the site
  // has the office page (its words are site.yaml visits.office), its path, for the office link each request carries
  const phone = {
    'data-phone': site.business.phone,
    'data-phone-e164': site.business.phoneE164,
    ...(site.visits && { 'data-office': OFFICE_PATH }),
  };
  if (f.delivery === 'simulate') return phone;
  const common = {
    ...phone,
    name,
    method: 'post',
    encType: 'multipart/form-data', // photos travel as files, with JavaScript and without
    'data-delivery': f.delivery,
    'data-draft-key': `quote-draft:${name}`, // where the client keeps what a visitor typed until it is sent
    'data-send-timeout': site.timing.sendTimeout,
  };
  return f.delivery === 'netlify'
    ? { ...common, action: '/thanks', 'data-netlify': 'true', 'netlify-honeypot': HONEYPOT }
    : { ...common, action: f.endpoint };
}

/**
 * The payload's hidden fields (which form, from which page, where the visit came from, the request's id, the office
 * link) and the
 * honeypot. None with simulate. Netlify records only the fields its deploy finds in the form: the lead fields and every
 * photo field are written here, filled in by the client.
 */
function DeliveryFields({ site, name, path }: { site: Site; name: FormName; path: string }) {
  if (site.forms.delivery === 'simulate') return null;
  const netlify = site.forms.delivery === 'netlify';
  return (
    <>
      {netlify && <input type="hidden" name="form-name" value={name} />}
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="page" value={path} />
      {[LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS].map((n) => (
        <input key={n} type="hidden" name={n} value="" />
      ))}
      {netlify &&
        site.forms.photos &&
        Array.from({ length: MAX_PHOTOS - 1 }, (_, i) => <input key={i} type="file" name={photoField(i + 2)} hidden />)}
      {/* made by the client once per request; a request sent without JavaScript has none */}
      <input type="hidden" name="requestId" value="" />
      {/* the office link, made by the client as it sends (client/delivery/delivery.ts); none without JavaScript */}
      <input type="hidden" name={OFFICE_FIELD} value="" />
      {/* People never see or reach this field: it is off screen, inert and hidden from screen readers. Bots fill it. */}
      <div className="hp" aria-hidden="true" inert>
        <label>
          Leave this field empty <input name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
    </>
  );
}

/** The note over both forms' fields, with the star that marks a required one. */
function RequiredNote({ site }: { site: Site }) {
  return (
    <p className="form-note">
      <Phrase text={site.forms.labels.required} values={{ mark: <span className="req">*</span> }} />
    </p>
  );
}

/** The fields of both quote forms (spec section 5). Only native validation applies. */
export function QuoteFields({ id, site, services }: { id: string; site: Site; services: string[] }) {
  useStyle('forms');
  const w = site.forms.labels;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          {w.name}{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <input id={`${id}-name`} name="name" type="text" required autoComplete="name" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>
          {w.phone}{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          placeholder={w.phonePlaceholder}
          aria-describedby={`${id}-phone-hint`}
        />
        <p className="field__hint" id={`${id}-phone-hint`}>
          {w.phoneHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-area`}>
          {w.area}{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <select id={`${id}-area`} name="serviceArea" required defaultValue="">
          <option value="" disabled>
            {w.areaPrompt}
          </option>
          {/* with no city left (the build warns), the city of the address, so the form can still be sent */}
          {(site.cities.length ? site.cities.map((c) => c.name) : [site.business.address.city]).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-service`}>{w.service}</label>
        <select id={`${id}-service`} name="service" defaultValue="">
          <option value="">{w.servicePrompt}</option>
          {services.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--wide">
        <label htmlFor={`${id}-message`}>{w.details}</label>
        <textarea id={`${id}-message`} name="message" rows={4} placeholder={w.detailsPlaceholder}></textarea>
      </div>
      <div className="field field--wide">
        <label htmlFor={`${id}-address`}>{w.address}</label>
        {/* a text area: an address may take two lines, and street-address is an autofill name for one only */}
        <textarea
          id={`${id}-address`}
          name="address"
          rows={2}
          autoComplete="street-address"
          aria-describedby={`${id}-address-hint`}
        ></textarea>
        <p className="field__hint" id={`${id}-address-hint`}>
          {w.addressHint}
        </p>
      </div>
      <VisitFields id={id} site={site} />
      <PhotoField id={id} site={site} />
    </>
  );
}

/**
 * The estimate visit (site.yaml visits:): up to three arrival windows in order of preference, or none (call me), as
 * native selects that work without JavaScript. A window's value is its words and, in brackets, its ISO 8601 interval,
 * so a request carries both whichever way it is sent; its data-until is the moment after which the page's script
 * (client/delivery/fields.ts) drops it. What that script says after a send is in the words file (formWords). None while no
 * window is to come (all days closed, say). In storm mode, the line that says until when visits pause, and the box
 * that marks a request urgent (site.yaml storm.urgent).
 */
function VisitFields({ id, site }: { id: string; site: Site }) {
  const v = site.visits;
  const storm = site.alert?.storm;
  if (!v && !storm) return null;
  const w = v?.words;
  return (
    <>
      {w && (v.paused || v.windows.length > 0) && (
        <fieldset className="field field--wide visits">
          <legend>{w.legend}</legend>
          {v.paused ? (
            <p className="field__hint">{v.paused}</p>
          ) : (
            <div className="visits__choices">
              {[w.first, w.second, w.third].map((label, i) => (
                <div className="field" key={label}>
                  <label htmlFor={`${id}-${VISIT_FIELDS[i]}`}>{label}</label>
                  <select id={`${id}-${VISIT_FIELDS[i]}`} name={VISIT_FIELDS[i]}>
                    {i ? <option value="">{w.none}</option> : <option>{w.noPreference}</option>}
                    {v.windows.map((x) => (
                      <option key={x.until + x.words} value={`${x.words} (${x.interval})`} data-until={x.until}>
                        {x.words}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          )}
        </fieldset>
      )}
      {storm && <UrgentField site={site} />}
    </>
  );
}

/** In storm mode, the box that marks a request urgent: ticked, the request carries site.yaml storm.urgent. */
function UrgentField({ site }: { site: Site }) {
  useStyle('storm');
  return (
    <div className="field field--wide check">
      <label>
        <input type="checkbox" name={URGENT_FIELD} value={site.storm.urgent} /> {site.storm.urgent}
      </label>
    </div>
  );
}

/**
 * The optional photo field (site.yaml forms.photos). Without JavaScript it takes one photo, posted as it is; the client
 * (client/delivery/fields.ts) takes up to MAX_PHOTOS, makes each small, strips its metadata and shows it with a remove button,
 * saying what the words file says (formWords). Simulated, the no-JavaScript fallback is an email, which carries no
 * file: the field shows only with JavaScript.
 */
function PhotoField({ id, site }: { id: string; site: Site }) {
  const p = site.forms.photos;
  if (!p) return null;
  const simulated = site.forms.delivery === 'simulate';
  return (
    <div className={`field field--wide photos${simulated ? ' photos--js' : ''}`} data-photos={MAX_PHOTOS}>
      <label htmlFor={`${id}-photos`}>{p.label}</label>
      <p className="field__hint" id={`${id}-photos-hint`}>
        {fill(p.hint, { max: MAX_PHOTOS })}
      </p>
      <input
        id={`${id}-photos`}
        name={photoField(1)}
        type="file"
        accept="image/*"
        aria-describedby={`${id}-photos-hint ${id}-photos-status`}
      />
      {!simulated && (
        <noscript>
          <p className="field__hint">{p.withoutScript}</p>
        </noscript>
      )}
      <p className="photos__status" id={`${id}-photos-status`} role="status"></p>
    </div>
  );
}

export function ContactForm({ site, path }: { site: Site; path: string }) {
  useStyle('forms', 'cards', 'buttons');
  const b = site.business;
  const simulated = site.forms.delivery === 'simulate';
  // Simulated, the no-JavaScript fallback is the visitor's email app; with real delivery the form posts like any other.
  const w = site.forms.labels;
  const fallback = simulated
    ? { action: `mailto:${b.email}?subject=${encodeURIComponent(w.emailSubject)}`, method: 'post', encType: 'text/plain' }
    : {};
  return (
    <form
      id="contact-form"
      className="quote-form card"
      {...fallback}
      {...deliveryAttrs(site, 'contact')}
      data-submit-delay={site.timing.submitDelay}
      data-toast-duration={site.timing.toastContact}
    >
      <DeliveryFields site={site} name="contact" path={path} />
      {!simulated && <p className="form-status" id="contact-status" role="status" hidden></p>}
      <RequiredNote site={site} />
      <div className="form-grid">
        <QuoteFields id="contact" site={site} services={site.forms.contactServices} />
      </div>
      <p className="form-note">{site.forms.privacyNote}</p>
      {simulated && (
        <noscript>
          <p className="form-note">{w.noscript}</p>
        </noscript>
      )}
      <button type="submit" className="btn btn-action btn-block">
        {w.contactSubmit}
      </button>
    </form>
  );
}

/** The one estimate dialog, in the estimate file (Layout.tsx). The client fills in the service, the page's title and
 * path, and opens it with showModal(). */
export function EstimateDialog({ site }: { site: Site }) {
  useStyle('dialog', 'forms', 'buttons');
  // Simulated, the form only closes the dialog; with real delivery it names its action, so Netlify's deploy finds it.
  const simulated = site.forms.delivery === 'simulate';
  const method = simulated ? { method: 'dialog' } : {};
  const w = site.forms.labels;
  return (
    <dialog
      id="estimate-dialog"
      className="dialog"
      aria-labelledby="estimate-title"
      data-preselect={JSON.stringify(site.forms.dialogPreselect)}
      data-submit-delay={site.timing.submitDelay}
      data-toast-duration={site.timing.toastDialog}
    >
      <div className="dialog__head">
        <h2 id="estimate-title">{w.dialogTitle}</h2>
        <button type="button" className="dialog__close" data-dialog-close="" aria-label={w.close}>
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className="dialog__service">
        <p className="dialog__service-title" id="estimate-service-title"></p>
        <p className="dialog__service-description" id="estimate-service-description"></p>
      </div>
      <form id="estimate-form" className="quote-form" {...method} {...deliveryAttrs(site, 'estimate')}>
        <DeliveryFields site={site} name="estimate" path="" />
        {!simulated && <p className="form-status" id="estimate-status" role="status" hidden></p>}
        <input type="hidden" name="source_page" value="" />
        <RequiredNote site={site} />
        <div className="form-grid">
          <QuoteFields id="estimate" site={site} services={site.forms.dialogServices} />
        </div>
        <p className="form-note">{site.forms.privacyNote}</p>
        <button type="submit" className="btn btn-action btn-block">
          {w.dialogSubmit}
        </button>
      </form>
    </dialog>
  );
}

/** The messages of site.yaml forms.messages that the first-visit module says (client/first-visit/toaster.tsx): in the
 * page, on its toast region, since one may show before anything else arrives (the sending code not arriving). */
export const PAGE_MESSAGES = [
  'sending',
  'sent',
  'sentText',
  'dialogSent',
  'dialogSentText',
  'notSent',
  'notLoadedText',
  'closeToast',
] as const;

/**
 * The words file (/assets/words-{hash}.json, named on the toast region): what only the delivery module says (client/
 * delivery.ts), which loads it as it loads itself: the other messages (a failure's, a draft's, offline), the photo
 * field's, and the visit's after a send. Out of the page, as nothing says them before a visitor has used a form.
 */
export function formWords(site: Site): Record<string, string> {
  const { messages } = site.forms;
  const p = site.forms.photos;
  const v = site.visits?.words;
  return {
    ...Object.fromEntries(Object.entries(messages).filter(([k]) => !(PAGE_MESSAGES as readonly string[]).includes(k))),
    ...(p && { remove: p.remove, unreadable: p.unreadable, tooMany: fill(p.tooMany, { max: MAX_PHOTOS }), again: p.again }),
    ...(v && { requested: v.requested, calendar: v.calendar, calendarTitle: v.calendarTitle }),
  };
}
