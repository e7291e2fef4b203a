// A file for the visitor, made in the page: a Blob behind an object URL, and a link with
// `download` clicked inside the shadow root. No data: URL, no script, nothing for Trusted Types:
// it works under a strict Content-Security-Policy.
export function download(parent: Element, name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  parent.append(link);
  link.click();
  link.remove();
  // Once the browser has the file (Firefox reads it after the click's task).
  setTimeout(() => URL.revokeObjectURL(url), 1e4);
}
