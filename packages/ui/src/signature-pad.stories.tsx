import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { SignaturePad, type SignaturePadHandle, type SignaturePadProps } from './signature-pad';
import { drawSignature } from './testing';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The bare pad with two buttons that call its handle, as a dialog would. */
function PadWithHandle(props: SignaturePadProps & { onPng: (png: Blob) => void }) {
  const { onPng, ...padProps } = props;
  const pad = useRef<SignaturePadHandle>(null);
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <SignaturePad {...padProps} ref={pad} />
      <div className="flex gap-3">
        <Button variant="secondary" onPress={() => pad.current?.clear()}>
          Leeren
        </Button>
        <Button
          onPress={async () => {
            if (pad.current && !pad.current.isEmpty()) onPng(await pad.current.toPng());
          }}
        >
          Als PNG
        </Button>
      </div>
    </div>
  );
}

const onPng = fn();

const meta = {
  title: 'Forms/SignaturePad',
  component: SignaturePad,
  args: { onChange: fn(), onStrokeEnd: fn() },
  render: (args) => <PadWithHandle {...args} onPng={onPng} />,
} satisfies Meta<typeof SignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Drawn with a pen: the stroke is reported and `toPng` gives a PNG of the drawing. */
export const Draw: Story = {
  play: async ({ args, canvasElement }) => {
    onPng.mockClear();
    const canvas = within(canvasElement);
    const pad = canvas.getByRole('img', { name: 'Unterschriftsfeld' });
    await drawSignature(pad);
    await waitFor(() => expect(args.onStrokeEnd).toHaveBeenCalledOnce());
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(canvas.getByRole('button', { name: 'Als PNG' }));
    await waitFor(() => expect(onPng).toHaveBeenCalledOnce());
    const [[png]] = onPng.mock.calls as [[Blob]];
    await expect(png.type).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    await expect([...bytes.slice(0, 8)]).toEqual(PNG_MAGIC);
  },
};

/** `clear` empties the pad and says so; an empty pad gives no PNG. */
export const Clear: Story = {
  play: async ({ args, canvasElement }) => {
    onPng.mockClear();
    const canvas = within(canvasElement);
    await drawSignature(canvas.getByRole('img', { name: 'Unterschriftsfeld' }));
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(false));
    await userEvent.click(canvas.getByRole('button', { name: 'Leeren' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Als PNG' }));
    await expect(onPng).not.toHaveBeenCalled();
  },
};

/**
 * For assistive technology the pad is an image with a name and a description that says how
 * to sign (finger, stylus, mouse) and that the keyboard cannot; it is not in the tab order
 * and does not scroll the page under a finger (`touch-action: none`).
 */
export const Accessibility: Story = {
  args: { label: 'Unterschrift Fahrschüler/in' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pad = canvas.getByRole('img', { name: 'Unterschrift Fahrschüler/in' });
    await expect(pad).toHaveAccessibleDescription(
      'Mit dem Finger, einem Stift oder der Maus in das Feld zeichnen. Mit der Tastatur lässt sich nicht unterschreiben.',
    );
    await expect(pad).not.toHaveAttribute('tabindex');
    await expect(getComputedStyle(pad).touchAction).toBe('none');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Leeren' })).toHaveFocus();
  },
};
