// The terminal is a sink that parses too: ESC starts a control sequence (colours, cursor moves, a
// window title, OSC 8 hyperlinks, OSC 52 clipboard writes), CSI and the other C1 controls do the
// same by themselves in terminals that read them, and CR, BS or DEL let later text overwrite what
// was printed before it. Everything the CLI prints goes through terminalText, so a symbol, reason,
// task or system's output can only ever be printed, never act on the terminal or hide other text.
import { showBidi, unicodeEscape } from '../../shared/bidi';

/** C0 controls but tab and newline, DEL, and C1 controls. */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Printable as is: each control (ESC, C1, CR, ...) and bidi control as the six characters of its escape, e.g. `\u001B`. */
export function terminalText(text: string): string {
  return showBidi(text).replace(CONTROLS, unicodeEscape);
}
