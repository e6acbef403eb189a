import {
  acceptedInvitationSchema,
  importRowsPageSchema,
  invitationSessionSchema,
  invitationViewSchema,
  memberImportListSchema,
  memberImportSchema,
  resendInvitationsResultSchema,
} from '@abide/contracts';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';

const one = (id: string) => ({ type: 'MemberImport' as const, id });

type Definitions = DefinitionsFromApi<typeof abideApi>;
type Tags = 'MemberImport' | 'MemberImports' | 'MemberImportRows' | 'MyChurches';

/**
 * Identity's member imports and invitations (docs/member-imports.md). A running import's progress arrives as live
 * signals (`member-import`, features/live), which invalidate its tags; the page also polls while it runs.
 */
export const memberImportsApi = abideApi.enhanceEndpoints<Tags, { memberImportsReport: OverrideResultType<Definitions['memberImportsReport'], DownloadedFile> }>({
  addTagTypes: ['MemberImport', 'MemberImports', 'MemberImportRows', 'MyChurches'],
  endpoints: {
    memberImportsStart: { responseSchema: checkedBy(memberImportSchema), invalidatesTags: ['MemberImports'] },
    memberImportsList: { responseSchema: checkedBy(memberImportListSchema), providesTags: ['MemberImports'] },
    memberImportsGet: { responseSchema: checkedBy(memberImportSchema), providesTags: (_r, _e, id) => [one(id)] },
    memberImportsRows: { responseSchema: checkedBy(importRowsPageSchema), providesTags: ['MemberImportRows'] },
    memberImportsUndo: {
      responseSchema: checkedBy(memberImportSchema),
      invalidatesTags: (_r, _e, id) => [one(id), 'MemberImports', 'MemberImportRows'],
    },
    memberImportsResend: { responseSchema: checkedBy(resendInvitationsResultSchema), invalidatesTags: ['MemberImportRows'] },
    // The report as a file: text named as the server names it, not kept once the download has started.
    memberImportsReport: asFileDownload('import-report.csv'),
    invitationsOpen: { responseSchema: checkedBy(invitationViewSchema) },
    invitationsAccept: { responseSchema: checkedBy(invitationSessionSchema), invalidatesTags: ['MyChurches'] },
    invitationsGet: { responseSchema: checkedBy(invitationViewSchema) },
    invitationsAcceptAsMember: { responseSchema: checkedBy(acceptedInvitationSchema), invalidatesTags: ['MyChurches'] },
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
