// Core problems -> VS Code diagnostics, grouped by file. Pure enough to test with plain objects.
import * as vscode from 'vscode';
import { isAbsolute, resolve } from 'node:path';
import type { Problem } from '../../core';

/** `base` is the folder the problems' paths are relative to. */
export function problemsToDiagnostics(problems: Problem[], base: string): Map<string, vscode.Diagnostic[]> {
  const byFile = new Map<string, vscode.Diagnostic[]>();
  for (const p of problems) {
    const file = isAbsolute(p.file) ? p.file : resolve(base, p.file);
    const position = new vscode.Position(p.line - 1, p.col - 1);
    const severity = p.severity === 'error' ? vscode.DiagnosticSeverity.Error
      : p.severity === 'note' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning;
    const d = new vscode.Diagnostic(new vscode.Range(position, position), p.message, severity);
    d.source = 'fixture-lab';
    d.code = p.code;
    byFile.set(file, [...(byFile.get(file) ?? []), d]);
  }
  return byFile;
}
