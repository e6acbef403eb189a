import { Select, type RefSelectProps, type SelectProps } from 'antd';
import { useLayoutEffect, useRef, type Ref } from 'react';
import { mergeRefs } from './merge-refs';

/**
 * antd's Select for a Form.Item. The Form.Item marks its control `aria-required`, and rc-select puts that both on the
 * combobox input, where it belongs, and on its role-less root <div>, where ARIA does not allow it (axe:
 * aria-allowed-attr, critical). rc-select has no prop to keep it off the root (its own `omitDomProps` wins), so this
 * takes it off the root after each render; React only writes an attribute again when its value changes.
 */
export function FormSelect<Value = unknown>({ ref, ...props }: SelectProps<Value> & { ref?: Ref<RefSelectProps> }) {
  const select = useRef<RefSelectProps | null>(null);
  useLayoutEffect(() => {
    select.current?.nativeElement?.removeAttribute('aria-required');
  });
  return <Select<Value> {...props} ref={mergeRefs(select, ref)} />;
}
