import "./account.css";

export type LoginMethod = "password" | "otp";

/** The login page's choice: the password, or a code sent by SMS ("Log in with OTP"). */
export function LoginMethodSwitch({ value, onChange }: { value: LoginMethod; onChange: (method: LoginMethod) => void }) {
  return (
    <div className="otp-switch" role="group" aria-label="How to log in">
      <button type="button" aria-pressed={value === "password"} onClick={() => onChange("password")}>
        With password
      </button>
      <button type="button" aria-pressed={value === "otp"} onClick={() => onChange("otp")}>
        Log in with OTP
      </button>
    </div>
  );
}
