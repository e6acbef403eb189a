import { Radio, type RadioGroupProps } from 'antd';
import { useLayoutEffect, useRef, type Ref } from 'react';
import { mergeRefs } from './merge-refs';

/**
 * antd's Radio.Group for a Form.Item with a required rule. The Form.Item marks its control `aria-required`, which
 * ARIA allows on a radio group but not on the plain <div> antd draws (axe: aria-allowed-attr), and antd passes no
 * `role` through: this names the <div> for what it is, a radiogroup, after each render.
 */
export function FormRadioGroup({ ref, ...props }: RadioGroupProps & { ref?: Ref<HTMLDivElement> }) {
  const group = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    group.current?.setAttribute('role', 'radiogroup');
  });
  return <Radio.Group {...props} ref={mergeRefs(group, ref)} />;
}
