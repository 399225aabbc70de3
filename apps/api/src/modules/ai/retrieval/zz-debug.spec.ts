import { fallbackQueries } from './fallback-query';
it('debug', () => {
  process.env.DBG = '1';
  console.log(JSON.stringify(fallbackQueries('Metastatic malignant melanoma.\n got skin cancer', null)));
});
