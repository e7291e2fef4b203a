// docs/site-owners.md, line 144. Made by scripts/doc-samples.ts: do not edit.
document.addEventListener('mouseleave', () => document.querySelector('parley-chat')?.showTeaser('Before you go: questions about sizing?'), { once: true });
export {};
