import { mergeAttributes, Node } from '@tiptap/core';
import { PLACEHOLDER_ATTRIBUTE, placeholderToken } from '../lib/placeholder-html';

/**
 * What a chip shows for a key. The editor's placeholders arrive after it is created (they
 * are loaded), so the chips ask this store and re-render when it changes.
 */
export type PlaceholderLabels = {
  label: (key: string) => string;
  subscribe: (listener: () => void) => () => void;
};

export function createPlaceholderLabels(): PlaceholderLabels & {
  set: (labels: ReadonlyMap<string, string>) => void;
} {
  let labels: ReadonlyMap<string, string> = new Map();
  const listeners = new Set<() => void>();
  return {
    label: (key) => labels.get(key) ?? key,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      labels = next;
      for (const listener of listeners) listener();
    },
  };
}

export type PlaceholderNodeOptions = {
  labels: PlaceholderLabels | null;
};

declare module '@tiptap/core' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface Commands<ReturnType> {
    emailPlaceholder: {
      /** Inserts the placeholder `key` as a chip at the selection. */
      insertPlaceholder: (key: string) => ReturnType;
    };
  }
}

export const PLACEHOLDER_NODE = 'emailPlaceholder';

/**
 * A placeholder as an atomic inline node (like a mention): shown as a chip with the
 * placeholder's description, deleted as a whole, saved as
 * `<span data-placeholder="key">{{ key }}</span>` — the text the server replaces.
 */
export const PlaceholderNode = Node.create<PlaceholderNodeOptions>({
  name: PLACEHOLDER_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addOptions() {
    return { labels: null };
  },

  addAttributes() {
    return {
      key: {
        default: '',
        parseHTML: (element) => element.getAttribute(PLACEHOLDER_ATTRIBUTE) ?? '',
        renderHTML: (attributes) => ({ [PLACEHOLDER_ATTRIBUTE]: attributes.key }),
      },
    };
  },

  parseHTML() {
    return [{ tag: `span[${PLACEHOLDER_ATTRIBUTE}]`, priority: 100 }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), placeholderToken(String(node.attrs.key))];
  },

  renderText({ node }) {
    return placeholderToken(String(node.attrs.key));
  },

  addNodeView() {
    const labels = this.options.labels;
    return ({ node: initial }) => {
      let node = initial;
      const dom = document.createElement('span');
      dom.setAttribute('contenteditable', 'false');
      dom.className =
        'mx-px inline-block rounded bg-brand-100 px-1.5 text-[0.92em] leading-snug font-medium text-brand-900 ring-1 ring-brand-200 ring-inset align-baseline';
      dom.setAttribute('data-placeholder-chip', '');
      const render = () => {
        const key = String(node.attrs.key);
        dom.setAttribute(PLACEHOLDER_ATTRIBUTE, key);
        dom.textContent = labels?.label(key) ?? key;
        dom.title = placeholderToken(key);
      };
      render();
      const unsubscribe = labels?.subscribe(render);
      return {
        dom,
        update: (next) => {
          if (next.type !== node.type) return false;
          node = next;
          render();
          return true;
        },
        ignoreMutation: () => true,
        destroy: () => unsubscribe?.(),
      };
    };
  },

  // The chip goes with one key press, whatever the browser would do around a
  // non-editable island (and so also with synthetic key events in tests).
  addKeyboardShortcuts() {
    const deleteChip = (direction: 'backward' | 'forward') => {
      const { state, view } = this.editor;
      const { selection } = state;
      if (!selection.empty) return false;
      const $pos = selection.$from;
      const node = direction === 'backward' ? $pos.nodeBefore : $pos.nodeAfter;
      if (node?.type.name !== this.name) return false;
      const from = direction === 'backward' ? $pos.pos - node.nodeSize : $pos.pos;
      view.dispatch(state.tr.delete(from, from + node.nodeSize).scrollIntoView());
      return true;
    };
    return {
      Backspace: () => deleteChip('backward'),
      Delete: () => deleteChip('forward'),
    };
  },

  addCommands() {
    return {
      insertPlaceholder:
        (key) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { key } }),
    };
  },
});
