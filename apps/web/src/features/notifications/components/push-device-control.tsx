import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { PushDeviceError, usePushDevice } from '../hooks/use-push-device';
import styles from './notification-preferences.module.css';

const STATUS: Record<ReturnType<typeof usePushDevice>['state'], string> = {
  checking: 'Checking this browser…',
  unsupported: 'This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari (on iPhone, add the site to your Home Screen first).',
  blocked: 'Notifications from this site are blocked in this browser. Allow them in the browser’s site settings to turn push on.',
  off: 'Push is off on this device.',
  on: 'Push is on: this device shows the kinds you send by push, even when the platform is closed.',
};

const wording = (error: unknown, fallback: string) => (error instanceof PushDeviceError ? error.message : describeError(error, fallback));

/** "Push on this device": this browser's subscription, on or off; the kinds are chosen in the form below. */
export function PushDeviceControl() {
  const { state, turnOn, turnOff } = usePushDevice();
  const failed = turnOn.isError ? wording(turnOn.error, 'Could not turn push on. Please try again.') : turnOff.isError ? wording(turnOff.error, 'Could not turn push off. Please try again.') : null;
  return (
    <section className={styles.push} aria-labelledby="push-device-heading">
      <h2 id="push-device-heading" className={styles.pushHeading}>
        Push on this device
      </h2>
      <p className={state === 'unsupported' || state === 'blocked' ? undefined : 'muted'} role="status">
        {STATUS[state]}
      </p>
      {state === 'off' && (
        <div>
          <Button type="button" variant="secondary" busy={turnOn.isPending} busyLabel="Turning push on…" onClick={() => turnOn.mutate()}>
            Turn on push on this device
          </Button>
        </div>
      )}
      {state === 'on' && (
        <div>
          <Button type="button" variant="secondary" busy={turnOff.isPending} busyLabel="Turning push off…" onClick={() => turnOff.mutate()}>
            Turn off push on this device
          </Button>
        </div>
      )}
      {failed && <Alert tone="error">{failed}</Alert>}
    </section>
  );
}
