import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';
import type { abideApi } from '../../shared/api/generated/abideApi';
import { churchesEndpoints } from '../../shared/api/generated/endpoints/churches';

type Definitions = DefinitionsFromApi<typeof abideApi>;

/**
 * The pastor's dashboard (docs/churches.md): its figures, checked against the contract, fetched afresh each time the
 * page opens (they follow members' activity); and its tables as CSV files to save.
 */
export const churchDashboardApi = churchesEndpoints.enhanceEndpoints<
  never,
  { churchDashboardCsv: OverrideResultType<Definitions['churchDashboardCsv'], DownloadedFile> }
>({
  endpoints: {
    churchDashboardFigures: { keepUnusedDataFor: 0 },
    churchDashboardCsv: asFileDownload('church-dashboard.csv'),
  },
});

export const { useChurchDashboardFiguresQuery, useLazyChurchDashboardCsvQuery } = churchDashboardApi;
