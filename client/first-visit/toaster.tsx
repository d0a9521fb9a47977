// Toasts, and the words the scripts say. Toasts: one at a time, newest replaces older, auto-dismiss, close button,
// swipe to dismiss. Each shows in the flow right after what it is about (the contact form; the estimate form in its
// dialog; once the dialog has closed on a send, the button that opened it), so it covers nothing the visitor can still
// use (docs/decisions/toasts-after-their-form.md).
// A class component keeps the bundle to Preact's core (hooks would cost about 1 KB gzip more).
import { Component, render } from 'preact';

// What the scripts say: site.yaml's forms.messages, the page's share of them on its toast region (data-words), and the
// words file's, which the delivery module adds as it loads (templates/parts/forms.tsx formWords).
let words: Record<string, string> | undefined;
const known = () => (words ??= JSON.parse(document.getElementById('toasts')?.dataset.words || '{}') as Record<string, string>);

/** A message, its {placeholders} filled in. */
export function say(key: string, values: Record<string, string> = {}): string {
  return (known()[key] ?? '').replace(/\{(\w+)\}/g, (m, n: string) => values[n] ?? m);
}

/** Adds words: the words file's, as the delivery module loads it. */
export function learn(more: Record<string, string>) {
  Object.assign(known(), more);
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number; // Infinity: stays until closed (a failure the visitor must act on)
  action?: { label: string; onClick: () => void };
  link?: { label: string; href: string; download?: string }; // after the description (the phone number), or the note
  note?: string; // a second paragraph: the visit requested, with its calendar link
  after?: Element; // what it is about: the toast region moves to right after it
}
interface Toast extends ToastOptions {
  id: number;
}
interface Props {
  duration: number;
  swipe: number;
}
interface State {
  toast: Toast | null;
  dx: number;
}

let toaster: Toaster | null = null;
let nextId = 0;

/** Shows a toast, replacing the one on show; with `after`, in the flow right after what it is about. */
export function toast(options: ToastOptions) {
  if (options.after) options.after.after(document.getElementById('toasts')!);
  toaster?.show({ ...options, id: ++nextId });
}

/** Removes the toast on show, if any (what it is about has ended another way). */
export function dismiss() {
  toaster?.close();
}

class Toaster extends Component<Props, State> {
  state: State = { toast: null, dx: 0 };
  timer = 0;
  start: number | null = null;

  componentDidMount() {
    toaster = this;
  }

  show(t: Toast) {
    this.setState({ toast: t, dx: 0 });
  }

  // The clock starts once the toast is on screen, so it shows for its whole duration however late Preact renders.
  componentDidUpdate(_: Props, prev: State) {
    const t = this.state.toast;
    if (t && t !== prev.toast) {
      clearTimeout(this.timer);
      const ms = t.duration ?? this.props.duration;
      if (ms < Infinity) this.timer = window.setTimeout(this.close, ms);
    }
  }

  // each new toast brought into view, below what it is about
  reveal = (el: HTMLElement | null) => el?.scrollIntoView({ block: 'nearest' });

  close = () => {
    clearTimeout(this.timer);
    this.start = null;
    this.setState({ toast: null, dx: 0 });
  };

  down = (e: PointerEvent) => {
    if ((e.target as Element).closest('button')) return;
    this.start = e.clientX;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  move = (e: PointerEvent) => {
    if (this.start !== null) this.setState({ dx: e.clientX - this.start });
  };
  up = () => {
    if (this.start === null) return;
    this.start = null;
    if (Math.abs(this.state.dx) > this.props.swipe) this.close();
    else this.setState({ dx: 0 });
  };

  render(_: Props, { toast: t, dx }: State) {
    if (!t) return null;
    return (
      <div
        key={t.id}
        ref={this.reveal}
        class={`toast toast--${t.variant ?? 'default'}${dx ? ' is-swiping' : ''}`}
        role={t.variant === 'destructive' ? 'alert' : undefined}
        style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - Math.abs(dx) / 200) } : undefined}
        onPointerDown={this.down}
        onPointerMove={this.move}
        onPointerUp={this.up}
        onPointerCancel={this.up}
      >
        <div class="toast__body">
          <p class="toast__title">{t.title}</p>
          {[t.description, t.note].map(
            (text, i) =>
              text && (
                <p class="toast__description">
                  {text}
                  {t.link &&
                    i === (t.note ? 1 : 0) && [
                      ' ',
                      <a href={t.link.href} download={t.link.download}>
                        {t.link.label}
                      </a>,
                    ]}
                </p>
              ),
          )}
        </div>
        {t.action && (
          <button
            type="button"
            class="toast__action"
            onClick={() => {
              t.action!.onClick();
              this.close();
            }}
          >
            {t.action.label}
          </button>
        )}
        <button type="button" class="toast__close" aria-label={say('closeToast')} onClick={this.close}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </button>
      </div>
    );
  }
}

export function initToaster() {
  const region = document.getElementById('toasts');
  if (!region) return;
  region.addEventListener('toast', (e) => toast((e as CustomEvent<ToastOptions>).detail));
  render(<Toaster duration={Number(region.dataset.defaultDuration) || 5000} swipe={Number(region.dataset.swipe) || 50} />, region);
}
