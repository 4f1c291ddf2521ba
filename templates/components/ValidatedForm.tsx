/**
 * A form that works as plain HTML (native validation, POST to `action`, the endpoint redirects
 * to `_next`) and, once hydrated as part of an island, validates on the client: an error summary
 * with a link to each invalid field (role="alert"), `aria-invalid` on the fields, focus on the
 * first problem; then it posts with fetch and goes to the thank-you page.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { pageString } from '../i18n/page.ts';

interface Problem {
  id: string;
  message: string;
}

/** What is wrong with a field, in the page's language (`{label}` as written, `{field}` in lower case, as English puts it). */
function describe(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  const label = field.labels?.[0]?.textContent?.replace('*', '').trim() || field.name;
  const names = { label, field: label.toLowerCase() };
  const v = field.validity;
  if (v.valueMissing)
    return field.type === 'checkbox'
      ? pageString('form.tick', 'Please tick “{label}”.', { label: `${label.slice(0, 60)}${label.length > 60 ? '…' : ''}` })
      : pageString('form.required', 'Enter your {field}.', names);
  if (v.typeMismatch && field.type === 'email') return pageString('form.email', 'Enter an email address like name@example.com for {field}.', names);
  if (v.tooShort) return pageString('form.tooShort', '{label} needs at least {n} characters.', { ...names, n: (field as HTMLTextAreaElement).minLength });
  return pageString('form.check', 'Check {field}.', names);
}

export function ValidatedForm({
  action,
  className,
  describedBy,
  failed,
  children,
}: {
  action: string;
  className?: string;
  describedBy?: string;
  /** Shown when sending fails (say where else to write); by default the theme's `form.failed`. */
  failed?: string;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');

  // Hydrated: the island takes over validation from the browser's bubbles.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (problems.length) summary.current?.focus();
  }, [problems]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const el = event.currentTarget;
    const found: Problem[] = [];
    for (const field of Array.from(el.elements) as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[]) {
      if (!('validity' in field) || field.type === 'hidden' || field.type === 'submit') continue;
      const valid = field.checkValidity();
      if (valid) field.removeAttribute('aria-invalid');
      else {
        field.setAttribute('aria-invalid', 'true');
        found.push({ id: field.id, message: describe(field) });
      }
    }
    setProblems(found);
    if (found.length) return;
    setStatus('sending');
    const next = new FormData(el).get('_next');
    try {
      const res = await fetch(el.action, { method: 'POST', body: new FormData(el), headers: { accept: 'application/json' } });
      if (!res.ok && res.type !== 'opaque') throw new Error(`HTTP ${res.status}`);
      location.assign(new URL(String(next ?? '/thank-you'), location.href).pathname);
    } catch {
      setStatus('failed');
    }
  }

  return (
    <form ref={form} className={className} method="post" action={action} aria-describedby={describedBy} onSubmit={onSubmit}>
      <div ref={summary} className="form-errors" role="alert" tabIndex={-1} hidden={!problems.length && status !== 'failed'}>
        {problems.length ? (
          <>
            <p className="form-errors-title">
              {problems.length === 1
                ? pageString('form.fixOne', 'Please fix this before sending:')
                : pageString('form.fixMany', 'Please fix these {n} before sending:', { n: problems.length })}
            </p>
            <ul>
              {problems.map((p) => (
                <li key={p.id}>
                  <a href={`#${p.id}`}>{p.message}</a>
                </li>
              ))}
            </ul>
          </>
        ) : status === 'failed' ? (
          <p className="form-errors-title">{failed ?? pageString('form.failed', 'We could not send your message just now. Please try again.')}</p>
        ) : null}
      </div>
      {children}
    </form>
  );
}
