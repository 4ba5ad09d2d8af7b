// Plain-text sinks that still parse some syntax: VS Code turns `[label](command:ID?ARGS)` into a
// link that runs the command in notifications, progress messages and quick-input prompts (its
// parseLinkedText honours no escape), and `$(name)` into an icon in quick inputs, CodeLens titles
// and the status bar. Every string shown there goes through plainText whole, so neither can form
// from untrusted text, whatever text is put around it.
import { showBidi } from '../../shared/bidi';

/** Inert for notifications, progress, quick inputs, CodeLens and status bar: `](` and `$(` get a space, bidi controls show. */
export function plainText(text: string): string {
  return showBidi(text).replace(/\]\(/g, '] (').replace(/\$\(/g, '$ (');
}
