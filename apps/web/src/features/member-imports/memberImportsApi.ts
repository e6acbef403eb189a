import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import type { abideApi } from '../../shared/api/generated/abideApi';
import { memberImportsEndpoints } from '../../shared/api/generated/endpoints/memberImports';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';

type Definitions = DefinitionsFromApi<typeof abideApi>;

/**
 * Identity's member imports and invitations (docs/member-imports.md). A running import's progress arrives as live
 * signals (`member-import`, features/live), which invalidate its tags; the page also polls while it runs.
 */
export const memberImportsApi = memberImportsEndpoints.enhanceEndpoints<
  never,
  { memberImportsReport: OverrideResultType<Definitions['memberImportsReport'], DownloadedFile> }
>({
  endpoints: {
    // The report as a file: text named as the server names it, not kept once the download has started.
    memberImportsReport: asFileDownload('import-report.csv'),
  },
});

export const {
  useMemberImportsStartMutation,
  useMemberImportsListQuery,
  useMemberImportsGetQuery,
  useMemberImportsRowsQuery,
  useMemberImportsUndoMutation,
  useMemberImportsResendMutation,
  useLazyMemberImportsReportQuery,
  useInvitationsOpenMutation,
  useInvitationsAcceptMutation,
  useInvitationsGetQuery,
  useInvitationsAcceptAsMemberMutation,
} = memberImportsApi;
