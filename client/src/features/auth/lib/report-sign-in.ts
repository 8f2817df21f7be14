import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';

/**
 * Waits for a sign-in (the form's or a demo account's) and tells how it went in the spec's toasts: the signed-in
 * user after 'Success', or null after 'Login failed' with the server's reason.
 */
export async function reportSignIn<SignedIn>(signingIn: Promise<SignedIn>): Promise<SignedIn | null> {
  try {
    const signedIn = await signingIn;
    toast({ title: 'Success', description: "You've been logged in successfully" });
    return signedIn;
  } catch (error) {
    toast({
      title: 'Login failed',
      description: errorMessage(error, 'Please check your credentials and try again'),
      variant: 'destructive',
    });
    return null;
  }
}
