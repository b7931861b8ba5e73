import { VISITOR_TEXT } from '@shared/messages';
import { usePhoneVerification, type Verified } from '../hooks/use-phone-verification';
import { Modal } from './modal';
import { PhoneCodeForm } from './phone-code-form';

export interface VerificationDialogProps {
  /** `how.recovered`: the number was said to have a reward; its prize is to be shown. */
  onVerified: (phoneNumber: string, how: Verified) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes. */
  returnFocus?: () => HTMLElement | null;
}

/** The Verification dialog (docs/product.md): step 1 phone and "Send Code", step 2 the 6-digit code. */
export function VerificationDialog({ onVerified, onClose, returnFocus }: VerificationDialogProps) {
  const verification = usePhoneVerification(onVerified);
  return (
    <Modal label={VISITOR_TEXT.verificationDialogLabel} onClose={onClose} returnFocus={returnFocus}>
      <PhoneCodeForm verification={verification} sendLabel={VISITOR_TEXT.sendCode} />
    </Modal>
  );
}
