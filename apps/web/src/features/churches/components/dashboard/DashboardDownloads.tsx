import { DownloadOutlined } from '@ant-design/icons';
import type { ChurchDashboardTable } from '@abide/contracts';
import { App, Button } from 'antd';
import { saveFile } from '../../../../shared/save-file';
import { useLazyChurchDashboardCsvQuery } from '../../churchDashboardApi';
import { refusalText } from '../../../../shared/forms/refusals';

const labels: Record<ChurchDashboardTable, string> = { weeks: 'Weekly figures (CSV)', groups: 'Group health (CSV)' };

/** The dashboard's tables as CSV files, fetched with the admin's session and saved under the server's file name. */
export function DashboardDownloads({ churchId }: { churchId: string }) {
  const [fetchCsv, { isFetching, originalArgs }] = useLazyChurchDashboardCsvQuery();
  const { notification } = App.useApp();
  const download = async (table: ChurchDashboardTable) => {
    const result = await fetchCsv({ id: churchId, table });
    if (result.error || !result.data) {
      notification.error({ title: 'Download failed', description: refusalText(result.error) });
      return;
    }
    saveFile(result.data.fileName, result.data.content, 'text/csv');
  };
  return (
    <div className="page-header__actions">
      {(Object.keys(labels) as ChurchDashboardTable[]).map((table) => (
        <Button
          key={table}
          icon={<DownloadOutlined aria-hidden />}
          loading={isFetching && originalArgs?.table === table}
          onClick={() => void download(table)}
        >
          {labels[table]}
        </Button>
      ))}
    </div>
  );
}
