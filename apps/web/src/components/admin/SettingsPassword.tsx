import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { adminPasswordChangeSchema } from "@store/validators";
import { PASSWORD_MIN_LENGTH } from "@store/validators/constants";
import { saveAdminSession } from "../../lib/auth";
import { errorMessage, trpc } from "../../lib/trpc";
import { FormField } from "../FormField";
import { SaveRow, SettingsFrame } from "./SettingsSection";

const passwordForm = adminPasswordChangeSchema
  .extend({ confirmPassword: z.string().min(1, "Please repeat the new password") })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "The passwords do not match", path: ["confirmPassword"] });

/** Settings → the signed-in account's own password: the owner's and a staff member's alike. */
export function SettingsPassword() {
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof passwordForm>, unknown, z.output<typeof passwordForm>>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = trpc.auth.adminChangePassword.useMutation({
    onSuccess: (res) => {
      // the change ended every earlier session, this one too: go on with the new token
      saveAdminSession(res.token);
      setDone(res.message);
      setProblem(null);
      reset();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  return (
    <SettingsFrame title="Change password" intro="Your own password. Changing it logs you out everywhere else.">
      <form
        noValidate
        onSubmit={(e) => {
          setDone(null);
          void handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))(e);
        }}
      >
        <FormField
          id="currentPassword"
          label="Current password"
          type="password"
          registration={register("currentPassword")}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
        <FormField
          id="newPassword"
          label="New password"
          type="password"
          registration={register("newPassword")}
          error={errors.newPassword}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
        />
        <FormField
          id="confirmPassword"
          label="Repeat new password"
          type="password"
          registration={register("confirmPassword")}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <SaveRow label="Change password" busy={change.isPending} saved={done} problem={problem} dirty={false} ownerOnly={false} />
      </form>
    </SettingsFrame>
  );
}
