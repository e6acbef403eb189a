import { type FocusEventHandler, type MouseEventHandler, type PointerEventHandler, useEffect, useRef, useState } from 'react';
import { usePreloadable } from '../../shared/lazy/preloadable';
import { framePopups, preloadFramePopups } from './frame-popups-module';

/**
 * A frame trigger (bell, avatar) whose antd popup loads when the member first points at, focuses or taps it. Until
 * it has arrived the trigger carries the handlers that ask for it; a tap opens the popup as soon as it is there, and
 * the keyboard focus moves onto the trigger the popup renders anew.
 */
export function useFramePopupTrigger() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const popups = usePreloadable(framePopups, wanted);
  const trigger = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (popups && hadFocus.current) trigger.current?.focus();
  }, [popups]);

  const want = () => {
    setWanted(true);
    preloadFramePopups();
  };
  const triggerProps: {
    onPointerEnter?: PointerEventHandler;
    onFocus?: FocusEventHandler;
    onBlur?: FocusEventHandler;
    onClick?: MouseEventHandler;
  } = popups
    ? {}
    : {
        onPointerEnter: want,
        onFocus: () => {
          hadFocus.current = true;
          want();
        },
        onBlur: () => (hadFocus.current = false),
        onClick: () => {
          want();
          setOpen(true);
        },
      };
  return { popups, open, setOpen, trigger, triggerProps };
}
