// Complaints on the law's clock (issue 31, contracts/grievances.md): a guest raises one from the
// footer and follows it with the e-mail; a customer raises one from an order page and finds it in
// My complaints; whatever is typed is shown as text.
import { test, expect, expectAccessible, registerCustomer, loginCustomerInBrowser, adminToken, must } from "../fixtures";
import { createProduct, placeOrder, uniq } from "../admin/helpers";

const TICKET = /GRV-\d{8}-\d{6,}/;

test.describe("raising a complaint", () => {
  test("a guest raises one from the footer, sees its number and dates, opens it with the e-mail and writes again", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Raise a complaint" }).click();
    await expect(page).toHaveURL(/\/complaint$/);
    await expect(page.getByRole("heading", { level: 1, name: "Raise a complaint" })).toBeVisible();
    // the rule's timelines in words, and who answers
    await expect(page.getByText(/acknowledge every complaint at once, and always within 48 hours/)).toBeVisible();
    await expect(page.getByText(/resolve it within one month/)).toBeVisible();
    await expect(page.getByTestId("grievance-officer")).toContainText("Grievance officer:");

    // nothing filled: each field says what it needs
    await page.getByRole("button", { name: "Send complaint" }).click();
    await expect(page.getByText("Choose what the complaint is about")).toBeVisible();
    await expect(page.getByText("Email is required, so we can answer you")).toBeVisible();

    const email = `${uniq("guest").toLowerCase()}@example.in`;
    await page.getByLabel("What is it about?").selectOption({ label: "Delivery" });
    await page.getByLabel("Subject").fill("Parcel left at the wrong gate");
    await page.getByLabel("What happened?").fill("The courier left my parcel at the neighbour's gate and it got wet.");
    await expect(page.getByText("66 / 2000")).toBeVisible();
    await page.getByLabel("Your name").fill("Meera Iyer");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Mobile number").fill("9876501234");
    await page.getByRole("button", { name: "Send complaint" }).click();

    const filed = page.getByRole("region", { name: "Complaint received" });
    await expect(filed.getByTestId("ticket-number")).toHaveText(TICKET);
    const ticketNumber = await filed.getByTestId("ticket-number").innerText();
    await expect(filed).toContainText("Acknowledge by");
    await expect(filed).toContainText("Resolve by");
    await expectAccessible(page);

    await filed.getByRole("link", { name: `Open ticket ${ticketNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/my-complaints/${ticketNumber}\\?email=`));
    await expect(page.getByRole("heading", { level: 1, name: `Complaint ${ticketNumber}` })).toBeVisible();
    await expect(page.getByTestId("ticket-status")).toHaveText("Acknowledged");
    await expect(page.getByRole("heading", { name: "Parcel left at the wrong gate" })).toBeVisible();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText("Complaint received");
    await expect(timeline).toContainText("Acknowledged");

    await page.getByLabel("Your message").fill("Here is a photo description: the box is torn on one side.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(timeline.getByRole("listitem").filter({ hasText: "the box is torn on one side" })).toContainText("You");
    await expect(page.getByLabel("Your message")).toHaveValue("");
    await expectAccessible(page);

    // the same page opened again from the address (the acknowledgement's link) reads the ticket
    await page.reload();
    await expect(timeline).toContainText("the box is torn on one side");
    // another e-mail finds nothing
    await page.goto(`/my-complaints/${ticketNumber}?email=someone.else@example.in`);
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByTestId("ticket-status")).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test("a customer raises one from an order page with the order filled in, and finds it in My complaints", async ({ page, request }) => {
    const token = await adminToken(request);
    const product = await createProduct(request, token, { productName: uniq("Zz Complaint Cleaner ") });
    const customer = await registerCustomer(request);
    const order = await placeOrder(request, customer, product.productId);
    await loginCustomerInBrowser(page, customer);
    await page.goto(`/myOrder/${customer.customerId}`);
    await page.getByRole("link", { name: `Raise a complaint about order ${order.productOrderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/complaint\\?order=${order.productOrderId}$`));
    await expect(page.getByLabel("Order reference (optional)")).toHaveValue(order.productOrderId);
    // the account gives the name and contacts
    await expect(page.getByLabel("Mobile number")).toHaveCount(0);

    await page.getByLabel("What is it about?").selectOption({ label: "My order" });
    await page.getByLabel("Subject").fill("Wrong fragrance sent");
    await page.getByLabel("What happened?").fill("I ordered the lemon one and received lavender instead.");
    await page.getByRole("button", { name: "Send complaint" }).click();
    const ticketNumber = await page.getByTestId("ticket-number").innerText();
    expect(ticketNumber).toMatch(TICKET);

    await page.getByRole("main").getByRole("link", { name: "My complaints" }).click();
    await expect(page).toHaveURL(/\/my-complaints\/?$/);
    const row = page.getByRole("listitem").filter({ hasText: ticketNumber });
    await expect(row).toContainText("Acknowledged");
    await expect(row).toContainText("Wrong fragrance sent");
    await expect(row).toContainText("Resolve by");
    await expect(row).toContainText(`Order ${order.productOrderId}`);
    await expectAccessible(page);

    await row.getByRole("link", { name: ticketNumber }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Complaint ${ticketNumber}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(order.productOrderId);

    // an order that is not theirs: the form says so in words
    await page.goto("/complaint?order=ORD-20200101-999999");
    await page.getByLabel("What is it about?").selectOption({ label: "A refund" });
    await page.getByLabel("Subject").fill("Refund not received");
    await page.getByLabel("What happened?").fill("My refund has not reached my account yet.");
    await page.getByRole("button", { name: "Send complaint" }).click();
    await expect(page.getByTestId("complaint-error")).toContainText("We could not find that order among yours");
  });

  test("a script tag typed into a complaint is shown as text and never runs", async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const customer = await registerCustomer(request);
    await loginCustomerInBrowser(page, customer);
    const subject = "<script>alert(1)</script>";
    await page.goto("/complaint");
    await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("What happened?").fill(`Description with <img src=x onerror=alert(2)> inside.`);
    await page.getByRole("button", { name: "Send complaint" }).click();
    const ticketNumber = must(await page.getByTestId("ticket-number").textContent(), "a ticket number");
    await page.getByRole("link", { name: `Open ticket ${ticketNumber}` }).click();
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText("Description with <img src=x onerror=alert(2)> inside.")).toBeVisible();
    await page.goto("/my-complaints");
    await expect(page.getByRole("listitem").filter({ hasText: ticketNumber })).toContainText(subject);
    expect(dialogs).toEqual([]);
  });
});
