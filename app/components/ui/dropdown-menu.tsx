'use client';

import { Check } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';

/** A menu of actions behind one button (Radix Dropdown Menu: arrow keys, typeahead, Escape). */
export function DropdownMenu({
  label,
  variant = 'outline',
  size = 'sm',
  children,
}: {
  label: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  children: ReactNode;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant={variant} size={size}>
          {label}
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const itemClass =
  'cursor-pointer rounded px-3 py-2 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-primary data-[highlighted]:text-primary-foreground';

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(itemClass, className)} {...props} />;
}

/** An item that is on or off (`checked`), ticked when on: a toggle read as `menuitemcheckbox`. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem className={cn(itemClass, 'flex items-center gap-2', className)} {...props}>
      <span className="flex size-4 shrink-0 items-center justify-center">
        <Menu.ItemIndicator>
          <Check aria-hidden className="size-4" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
}
