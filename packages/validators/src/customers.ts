import { z } from "zod";
import { whyInvalidGstin } from "@store/domain";
import { email, newPassword, phoneNumber, pinCode, requiredText } from "./common.ts";
import { whatsappOptInField } from "./preferences.ts";

// A name goes into the subject and greeting of mails: a line break there could start a header or
// forge a paragraph, and bidi controls could reorder what the reader sees. Indic scripts' ZWJ/ZWNJ stay.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A first or last name: one line of text, without control characters. */
const personName = (label: string) =>
  requiredText(label, 60).refine((v) => !CONTROL_CHARACTERS.test(v), `${label} may not contain line breaks or control characters`);

const addressFields = {
  houseNo: requiredText("House Number", 100),
  city: requiredText("City", 80),
  pinCode,
  state: requiredText("State", 80),
  areaAddress: requiredText("Area Address", 200),
};

const signUpFields = {
  firstName: personName("First Name"),
  lastName: personName("Last Name"),
  number: phoneNumber,
  email,
  ...addressFields,
  agreeToTerms: z.preprocess((v) => v === true || v === "true" || v === "on", z.literal(true, { error: "Please accept the terms and conditions" })),
  /** issue 30: the unticked "Send order updates on WhatsApp" box */
  whatsappOptIn: whatsappOptInField,
};

/**
 * Sign-up (POST /customers/save). The terms must be accepted (the old app did not enforce it). Either a
 * password, or the `signupToken` of a verified phone OTP (issue 29): then the account has no password.
 */
export const customerSignUpSchema = z
  .object({
    ...signUpFields,
    password: z.preprocess((v) => (v === "" || v === null ? undefined : v), newPassword.optional()),
    /** from POST /auth/otp/verify (LOGIN of an unknown phone): the phone is proved, no password is needed */
    signupToken: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(500, "signupToken is too long").optional()),
  })
  .refine((v) => v.password !== undefined || v.signupToken !== undefined, { message: "Password is required", path: ["password"] });

/**
 * The registration form with a password: the same fields, the password required on its own field, so
 * its message shows with the others' (an object-level rule runs only once every field is valid).
 */
export const customerPasswordSignUpSchema = z.object({ ...signUpFields, password: newPassword });
export type CustomerSignUp = z.infer<typeof customerSignUpSchema>;

/** Profile / admin edit (POST /customers/update/{customerId}); a blank password keeps the old one. */
export const customerUpdateSchema = z.object({
  firstName: personName("First Name"),
  lastName: personName("Last Name"),
  number: phoneNumber,
  email,
  ...addressFields,
  password: z.preprocess((v) => (typeof v === "string" && v === "" ? undefined : v), newPassword.optional()),
  /** needed when customers change their own password */
  currentPassword: z.preprocess((v) => (typeof v === "string" && v === "" ? undefined : v), z.string().max(128, "Password is too long").optional()),
  /** only an admin may change it; ignored from a customer */
  customerStatus: z.boolean().optional(),
  /** a business buyer's GSTIN for its invoices; "" or null (as the details answer it) removes it */
  gstin: z.lazy(() => customerGstinSchema.nullable()).optional(),
});
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerLoginSchema = z
  .object({
    number: z.string().trim().max(254).optional(),
    email: z.string().trim().max(254).optional(),
    password: z.string({ error: "Password is required" }).max(128, "Password is too long").min(1, "Password is required"),
  })
  .refine((v) => Boolean(v.number || v.email), { message: "Phone Number is required", path: ["number"] });
export type CustomerLogin = z.infer<typeof customerLoginSchema>;

/** The login form of the web app: phone number + password, with the spec's messages (§5). */
export const customerLoginFormSchema = z.object({
  number: z.string().trim().min(1, "Phone Number is required").max(10, "Phone Number must be at most 10 digits"),
  password: z.string().min(1, "Password is required").max(128, "Password is too long"),
});

export const adminLoginSchema = z.object({
  email: z.string().trim().min(1, "Email/Phone Number is required").max(254, "Email/Phone Number is too long"),
  password: z.string().min(1, "Password is required").max(128, "Password is too long"),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

export const adminPasswordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(128),
  newPassword,
});

/** A business buyer's GSTIN (optional on the profile): "" removes it. */
export const customerGstinSchema = z
  .string()
  .trim()
  .max(15, "A GSTIN has 15 characters")
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = v === "" ? null : whyInvalidGstin(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
