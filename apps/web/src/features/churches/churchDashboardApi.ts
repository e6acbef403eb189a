import { churchDashboardSchema } from '@abide/contracts';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

type Definitions = DefinitionsFromApi<typeof abideApi>;

/**
 * The pastor's dashboard (docs/churches.md): its figures, checked against the contract, fetched afresh each time the
 * page opens (they follow members' activity); and its tables as CSV files to save.
 */
export const churchDashboardApi = abideApi.enhanceEndpoints<
  'ChurchDashboard',
  { churchDashboardCsv: OverrideResultType<Definitions['churchDashboardCsv'], DownloadedFile> }
>({
  addTagTypes: ['ChurchDashboard'],
  endpoints: {
    churchDashboardFigures: {
      responseSchema: checkedBy(churchDashboardSchema),
      providesTags: (_r, _e, id) => [{ type: 'ChurchDashboard', id }],
      keepUnusedDataFor: 0,
    },
    churchDashboardCsv: asFileDownload('church-dashboard.csv'),
  },
});

export const { useChurchDashboardFiguresQuery, useLazyChurchDashboardCsvQuery } = churchDashboardApi;
