// Text from fixtures and systems shown in markdown (hovers): escaped, so it is never markup.
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~$]/g, '\\$&');
}
