// Toasts: one at a time, newest replaces older, auto-dismiss, close button, swipe to dismiss.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  action?: { label: string; onClick: () => void };
}
interface Toast extends ToastOptions { id: number }

let show: (t: Toast) => void = () => {};
let nextId = 0;

export function toast(options: ToastOptions) {
  show({ ...options, id: ++nextId });
}

function Toaster({ duration, swipe }: { duration: number; swipe: number }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  show = setCurrent;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), current.duration ?? duration);
    return () => clearTimeout(timer);
  }, [current]);
  return current ? <ToastView key={current.id} toast={current} swipe={swipe} onClose={() => setCurrent(null)} /> : null;
}

function ToastView({ toast: t, swipe, onClose }: { toast: Toast; swipe: number; onClose: () => void }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const end = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(dx) > swipe) onClose();
    else setDx(0);
  };
  return (
    <div
      class={`toast toast--${t.variant ?? 'default'}${dx ? ' is-swiping' : ''}`}
      role={t.variant === 'destructive' ? 'alert' : undefined}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: String(Math.max(0.2, 1 - Math.abs(dx) / 200)) } : undefined}
      onPointerDown={(e) => {
        if ((e.target as Element).closest('button')) return;
        start.current = e.clientX;
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => start.current !== null && setDx(e.clientX - start.current)}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <div class="toast__body">
        <p class="toast__title">{t.title}</p>
        {t.description && <p class="toast__description">{t.description}</p>}
      </div>
      {t.action && <button type="button" class="toast__action" onClick={() => { t.action!.onClick(); onClose(); }}>{t.action.label}</button>}
      <button type="button" class="toast__close" aria-label="Close notification" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12" stroke="currentColor" stroke-width="2" stroke-linecap="round" /></svg>
      </button>
    </div>
  );
}

export function initToaster() {
  const region = document.getElementById('toasts');
  if (!region) return;
  render(<Toaster duration={Number(region.dataset.defaultDuration) || 5000} swipe={Number(region.dataset.swipe) || 50} />, region);
}
