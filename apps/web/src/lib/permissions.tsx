import { createContext, useContext, type ReactNode } from 'react';
import { roleMay, type AdminRole, type Permission } from '@gold/contract';

/** Who is signed in, as far as what they may do goes: their role, and a teller's location. */
export interface SignedInRole {
  role: AdminRole;
  /** The vault location a teller works at (null for other roles, or before the server says). */
  locationId: number | null;
}

// No provider (outside the signed-in frame): nobody may do anything.
const SignedInRoleContext = createContext<SignedInRole | null>(null);

/**
 * The signed-in admin's role for every screen below it (the signed-in frame provides it from the
 * session). Features read it through `usePermission` / `useCan`, never from the session
 * themselves: one place decides what the console shows. The server refuses the rest anyway.
 */
export function SignedInRoleProvider({ value, children }: { value: SignedInRole | null; children: ReactNode }) {
  return <SignedInRoleContext.Provider value={value}>{children}</SignedInRoleContext.Provider>;
}

export function useSignedInRole(): SignedInRole | null {
  return useContext(SignedInRoleContext);
}

/** `can(permission)`: whether the signed-in role holds it (the contract's rolePermissions). */
export function useCan(): (permission: Permission) => boolean {
  const signedIn = useContext(SignedInRoleContext);
  return (permission) => signedIn !== null && roleMay(signedIn.role, permission);
}

export function usePermission(permission: Permission): boolean {
  return useCan()(permission);
}
