import { App, Switch } from 'antd';
import { useId } from 'react';
import { useSharingChurchMutation, useSharingGroupMutation } from './sharingApi';
import { sharingHelp, sharingLabel, sharingSavedText, type MembershipKind } from './sharing-words';

interface Props {
  kind: MembershipKind;
  id: string;
  name: string;
  shares: boolean;
}

/**
 * One membership's own sharing choice (#26), saved as soon as it is switched: in Settings > Privacy, on the group's
 * page and on My Churches. Every place shows the one choice the membership holds.
 */
export function MembershipSharingSwitch({ kind, id, name, shares }: Props) {
  const { notification } = App.useApp();
  const [saveGroup, group] = useSharingGroupMutation();
  const [saveChurch, church] = useSharingChurchMutation();
  const labelId = useId();
  const helpId = useId();

  const onChange = async (checked: boolean) => {
    const result = kind === 'group' ? await saveGroup({ id, setSharingDto: { shares: checked } }) : await saveChurch({ id, setSharingDto: { shares: checked } });
    if (result.error) notification.error({ title: 'Your choice was not saved', description: 'Please try again.' });
    else notification.success({ title: sharingSavedText(kind, name, checked) });
  };

  return (
    <div className="setting-row sharing-row">
      <div>
        <span id={labelId} className="setting-row__label">
          {sharingLabel(kind, name)}
        </span>
        <p className="setting-row__help" id={helpId}>
          {sharingHelp(kind)}
        </p>
      </div>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={helpId}
        checked={shares}
        loading={group.isLoading || church.isLoading}
        onChange={(checked) => void onChange(checked)}
      />
    </div>
  );
}
