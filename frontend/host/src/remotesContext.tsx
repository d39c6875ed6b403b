import { createContext, useContext } from 'react';
import type { LoadedRemotes } from './remotes';

export const RemotesContext = createContext<LoadedRemotes>({ byApp: {}, failed: [] });
export const useRemotes = () => useContext(RemotesContext);
