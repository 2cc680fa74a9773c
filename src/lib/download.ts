/** Saves `content` as a file the browser downloads, named `name`. */
export function download(content: BlobPart, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  // In the document while it is clicked: some browsers download only from a link that is.
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
