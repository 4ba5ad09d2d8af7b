// The core's one export list. Nothing under src/core imports `vscode`.
export * from './problems';
export * from './textDiff';
export * from './symbols/normalize';
export * from './fixtures/model';
export * from './fixtures/read';
export * from './fixtures/edit';
export * from './fixtures/settle';
export * from './corpus/repos';
export * from './corpus/load';
export * from './corpus/validate';
export * from './agreement/kappa';
export * from './agreement/raters';
export * from './agreement/report';
export * from './io/files';
