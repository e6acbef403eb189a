import { CHURCH_NAME_MAX, CHURCH_WELCOME_MAX, checkBrandContrast, slugFromName, slugProblem } from '@abide/contracts';
import { Form, Input, type FormInstance } from 'antd';
import { useMemo } from 'react';
import { FormSelect } from '../../../shared/forms/FormSelect';

export interface ChurchFormValues {
  name: string;
  slug: string;
  primaryColor: string;
  welcome: string;
  timeZone: string;
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const emptyChurchForm = (): ChurchFormValues => ({ name: '', slug: '', primaryColor: '#0f766e', welcome: '', timeZone: browserTimeZone() });

const zoneOptions = (current: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(current) ? zones : [current, ...zones]).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
};

/**
 * The live contrast figure under the colour, as the member types: the same check the server makes when the church is
 * saved (the field's own error, on leaving it or saving, says what to do).
 */
export function ContrastHint({ color }: { color: string | undefined }) {
  const check = checkBrandContrast(color ?? '');
  if (!color) return null;
  return (
    <p className={check.ok ? 'church-hint church-hint--ok' : 'church-hint church-hint--bad'} aria-live="polite" data-testid="contrast-hint">
      <span className="church-settings__swatch" style={{ background: check.ok || /^#[0-9a-f]{6}$/i.test(color) ? color : 'transparent' }} aria-hidden />{' '}
      {check.ok
        ? `Contrast ${check.ratio.toFixed(2)}:1: readable (WCAG AA needs 4.5:1 for white text on it and links in it).`
        : check.ratio > 0
          ? `Contrast ${check.ratio.toFixed(2)}:1: too low (WCAG AA needs 4.5:1 for white text on it and links in it).`
          : 'Use a colour like #0f766e.'}
    </p>
  );
}

/** A church's name, address, colour, welcome and time zone: creating a church and its settings share them. */
export function ChurchFields({ form, suggestSlug = false }: { form: FormInstance<ChurchFormValues>; suggestSlug?: boolean }) {
  const color = Form.useWatch('primaryColor', form);
  const zone = Form.useWatch('timeZone', form) ?? browserTimeZone();
  const zones = useMemo(() => zoneOptions(zone), [zone]);
  return (
    <>
      <Form.Item label="Church name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter the church’s name' }]}>
        <Input
          maxLength={CHURCH_NAME_MAX}
          onChange={(event) => {
            if (suggestSlug && !form.isFieldTouched('slug')) form.setFieldValue('slug', slugFromName(event.target.value));
          }}
        />
      </Form.Item>
      <Form.Item
        label="Address"
        name="slug"
        extra="Your church’s page will be at /c/your-address: lowercase letters, digits and hyphens."
        rules={[
          { required: true, message: 'Please choose an address' },
          { validator: async (_r, value: string) => { const problem = value ? slugProblem(value.trim().toLowerCase()) : null; if (problem) throw new Error(problem); } },
        ]}
      >
        <Input addonBefore="/c/" maxLength={40} autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Primary colour" required>
        <div className="church-color">
          <Form.Item name="primaryColor" noStyle rules={[{ validator: async (_r, value: string) => { const c = checkBrandContrast((value ?? '').trim().toLowerCase()); if (!c.ok) throw new Error(c.message ?? 'Choose a darker colour'); } }]}>
            <Input aria-label="Primary colour (hex)" maxLength={7} className="church-color__hex" />
          </Form.Item>
          <input
            type="color"
            aria-label="Pick the primary colour"
            className="church-color__picker"
            value={/^#[0-9a-f]{6}$/i.test(color ?? '') ? color : '#0f766e'}
            onChange={(event) => form.setFields([{ name: 'primaryColor', value: event.target.value, touched: true }])}
          />
        </div>
        <ContrastHint color={color} />
      </Form.Item>
      <Form.Item label="Welcome" name="welcome" extra="Shown on your church’s page: when and where you meet, who you are.">
        <Input.TextArea rows={4} maxLength={CHURCH_WELCOME_MAX} showCount />
      </Form.Item>
      <Form.Item label="Time zone" name="timeZone" rules={[{ required: true, message: 'Choose a time zone' }]}>
        <FormSelect options={zones} showSearch />
      </Form.Item>
    </>
  );
}
