// `metrics`' line in the command table, a module of its own: the command has a bundle of its own
// too (src/cli/metricsMain.ts), which prints the same usage without loading the table.
export const METRICS = {
  usage: 'metrics --qrels QRELS --run RUN [--complete] [--json]',
  summary: 'trec_eval\'s P_5/10/20, recall_5/10/20, ndcg_cut_10, recip_rank plus F1_10 for a TREC run, per topic and all; --complete is trec_eval -c',
};
