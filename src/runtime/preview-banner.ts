import type { pageText } from '../../templates/i18n/page.ts';

/**
 * The preview-mode banner, a chunk of its own loaded only when a preview token is set. It imports nothing: what it
 * needs comes in as arguments (the page's texts through `say`). The token reaches the page as text, never as markup.
 */
export function previewBanner(token: string, drafts: boolean, leavePreview: () => void, say: typeof pageText): void {
  if (document.getElementById('sitegen-preview')) return;
  const banner = document.createElement('div');
  banner.id = 'sitegen-preview';
  banner.setAttribute('role', 'status');
  banner.style.cssText =
    'position:fixed;bottom:1rem;inset-inline-end:1rem;z-index:9999;display:flex;gap:.75rem;align-items:center;padding:.6rem .9rem;border-radius:.5rem;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.25)';
  const label = document.createElement('span');
  // Drafts exist only in builds made with them (`sitegen dev`, `sitegen build --drafts`): say so.
  label.textContent = drafts
    ? say('preview.on', 'Preview mode is on ({token})', { token })
    : say('preview.noDrafts', 'Preview mode is on ({token}): this build has no drafts', { token });
  const leave = document.createElement('button');
  leave.type = 'button';
  leave.textContent = say('preview.leave', 'Leave preview');
  leave.style.cssText = 'font:inherit;color:#111827;background:#fff;border:0;border-radius:.35rem;padding:.2rem .6rem;cursor:pointer';
  leave.addEventListener('click', () => {
    leavePreview();
    location.reload();
  });
  banner.append(label, leave);
  document.body.append(banner);
}
