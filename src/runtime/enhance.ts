/** Small progressive enhancements that need no React: copy buttons, the not-found path. */

export function enhance(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-missing-path]')) el.textContent = location.pathname;
  if (!navigator.clipboard) return;
  for (const block of root.querySelectorAll<HTMLElement>('.code-block')) {
    const head = block.querySelector('.code-head');
    const pre = block.querySelector('pre');
    if (!head || !pre || head.querySelector('.copy-btn')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-btn';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(pre.innerText);
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
    head.append(button);
  }
}
