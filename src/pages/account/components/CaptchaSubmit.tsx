/** The end of an account form that needs a captcha: the captcha (when enabled) and the submit button. */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { CaptchaField } from '@/lib/captcha/CaptchaField';
import type { Captcha } from '@/lib/captcha/useCaptcha';

export function CaptchaSubmit(props: { captcha: Captcha; pending: boolean; children: ReactNode }) {
  return (
    <>
      <CaptchaField captcha={props.captcha} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={props.pending}
        disabled={!props.captcha.ready}
      >
        {props.children}
      </Button>
    </>
  );
}
