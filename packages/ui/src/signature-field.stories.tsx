import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { SignatureField, type SignatureFieldProps } from './signature-field';
import type { SignaturePadHandle } from './signature-pad';
import { drawSignature } from './testing';

const onSend = fn();

/** The field in a form whose "Unterschreiben" refuses an empty pad, as the dialogs do. */
function SigningForm(props: SignatureFieldProps) {
  const pad = useRef<SignaturePadHandle>(null);
  const [isEmpty, setEmpty] = useState(true);
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <SignatureField
        {...props}
        ref={pad}
        onChange={(empty) => {
          setEmpty(empty);
          props.onChange?.(empty);
        }}
      />
      <Button
        className="self-end"
        isDisabled={isEmpty}
        onPress={async () => {
          if (pad.current && !pad.current.isEmpty()) onSend(await pad.current.toPng());
        }}
      >
        Unterschreiben
      </Button>
    </div>
  );
}

const meta = {
  title: 'Forms/SignatureField',
  component: SignatureField,
  args: {
    label: 'Unterschrift Fahrschüler/in',
    description: 'Lena Müller unterschreibt den Ausbildungsvertrag Klasse B.',
    onChange: fn(),
    onStrokeEnd: fn(),
  },
  render: (args) => <SigningForm {...args} />,
} satisfies Meta<typeof SignatureField>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement) => within(canvasElement);

/** Empty: it says so, "Neu unterschreiben" and the form's "Unterschreiben" are disabled. */
export const EmptyRefused: Story = {
  play: async ({ canvasElement }) => {
    onSend.mockClear();
    const canvas = field(canvasElement);
    await expect(canvas.getByText('Das Feld ist noch leer.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Neu unterschreiben' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Unterschreiben' })).toBeDisabled();
    await expect(onSend).not.toHaveBeenCalled();
  },
};

/** Drawn: "Unterschrift erfasst." is announced and the drawing can be sent as a PNG. */
export const Draw: Story = {
  play: async ({ args, canvasElement }) => {
    onSend.mockClear();
    const canvas = field(canvasElement);
    await drawSignature(canvas.getByRole('img', { name: 'Unterschrift Fahrschüler/in' }));
    const captured = await canvas.findByText('Unterschrift erfasst.');
    await expect(captured).toHaveAttribute('aria-live', 'polite');
    await expect(args.onStrokeEnd).toHaveBeenCalled();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
    const send = canvas.getByRole('button', { name: 'Unterschreiben' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    const [[png]] = onSend.mock.calls as [[Blob]];
    await expect(png.type).toBe('image/png');
  },
};

/** "Neu unterschreiben" empties the pad: the form refuses to send again. */
export const Clear: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = field(canvasElement);
    await drawSignature(canvas.getByRole('img', { name: 'Unterschrift Fahrschüler/in' }));
    await canvas.findByText('Unterschrift erfasst.');
    await userEvent.click(canvas.getByRole('button', { name: 'Neu unterschreiben' }));
    await canvas.findByText('Das Feld ist noch leer.');
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await expect(canvas.getByRole('button', { name: 'Unterschreiben' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Neu unterschreiben' })).toBeDisabled();
  },
};

/**
 * Keyboard and touch: the pad is described (finger, stylus or mouse; not the keyboard), is
 * skipped by Tab, and a finger on it draws instead of scrolling the page. Once something is
 * drawn, Tab reaches "Neu unterschreiben" and Space empties the pad.
 */
export const KeyboardAndTouch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = field(canvasElement);
    const pad = canvas.getByRole('img', { name: 'Unterschrift Fahrschüler/in' });
    await expect(pad).toHaveAccessibleDescription(
      /Mit der Tastatur lässt sich nicht unterschreiben/,
    );
    await expect(getComputedStyle(pad).touchAction).toBe('none');
    await drawSignature(pad);
    await canvas.findByText('Unterschrift erfasst.');
    const clear = canvas.getByRole('button', { name: 'Neu unterschreiben' });
    await waitFor(() => expect(clear).toBeEnabled());
    await userEvent.tab();
    await expect(clear).toHaveFocus();
    await userEvent.keyboard(' ');
    await canvas.findByText('Das Feld ist noch leer.');
  },
};

/** The texts come from the ui namespace: in English too. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { label: undefined, description: undefined },
  play: async ({ canvasElement }) => {
    const canvas = field(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Signature field' })).toBeVisible();
    await expect(canvas.getByText('The field is still empty.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign again' })).toBeDisabled();
  },
};
