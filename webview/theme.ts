// The chart theme of the webview's VS Code color theme, which the page reports to the host (with
// `ready`, and again on a change) so the host compiles the charts in it (core/charts/compile.ts).
import { ChartTheme, LIGHT_THEME } from '../src/shared/chartTheme';

/**
 * Read from the CSS variables VS Code sets on the webview's body; anything missing (a page outside
 * VS Code) falls back to LIGHT_THEME.
 */
export function themeFromCss(element: Element = document.body): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const first = (...names: string[]) => names.map(read).find((v) => v !== '');
  const palette = ['blue', 'orange', 'green', 'red', 'purple', 'yellow'].map((c, i) => first(`--vscode-charts-${c}`) ?? LIGHT_THEME.palette[i]);
  return {
    foreground: first('--vscode-charts-foreground', '--vscode-foreground', '--vscode-editor-foreground') ?? LIGHT_THEME.foreground,
    background: first('--vscode-editor-background', '--vscode-panel-background') ?? LIGHT_THEME.background,
    font: first('--vscode-font-family') ?? LIGHT_THEME.font,
    fontSize: parseFloat(first('--vscode-font-size') ?? '') || LIGHT_THEME.fontSize,
    gridColor: first('--vscode-charts-lines', '--vscode-editorWidget-border', '--vscode-panel-border') ?? LIGHT_THEME.gridColor,
    domainColor: first('--vscode-panel-border', '--vscode-widget-border', '--vscode-charts-lines') ?? LIGHT_THEME.domainColor,
    palette,
  };
}
