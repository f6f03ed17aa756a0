import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface PanelState {
  isOpen: boolean;
  selectedId: string | null;
  open: (id?: string | null) => void;
  close: () => void;
  select: (id: string | null) => void;
}

const PanelContext = createContext<PanelState | null>(null);

/** Whether the chat panel is open beside the page (wide screens) and which conversation it shows. */
export function ChatPanelProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [selectedId, select] = useState<string | null>(null);
  const value = useMemo<PanelState>(() => ({
    isOpen,
    selectedId,
    open: (id) => {
      setOpen(true);
      if (id !== undefined) select(id);
    },
    close: () => setOpen(false),
    select,
  }), [isOpen, selectedId]);
  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>;
}

export function useChatPanel(): PanelState {
  const state = useContext(PanelContext);
  if (!state) throw new Error('useChatPanel outside ChatPanelProvider');
  return state;
}
