import * as React from 'react';
import { TOKENS, useService } from '../../../../core';

/** An in-app link: a real <a href> (open in new tab works) that navigates through core's Navigator. */
export function AppLink({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) {
  const navigator = useService(TOKENS.Navigator);
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigator.navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
