import { expect, test, vi } from "vitest";

vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
    dismiss: vi.fn(),
  }),
}));

test("toasts raised before sonner has loaded arrive in order, and the first mounts the toaster", async () => {
  vi.resetModules();
  const lazy = await import("./toast");
  const { toast: sonner } = await import("sonner");
  expect(lazy.toasterStore.wanted()).toBe(false);

  lazy.toast.error("Could not save", { id: "save" });
  lazy.toast.success("Saved", { id: "save" });
  lazy.toast.dismiss("save");
  expect(lazy.toasterStore.wanted()).toBe(true);
  expect(sonner.error).not.toHaveBeenCalled();

  await vi.waitFor(() => expect(sonner.dismiss).toHaveBeenCalledWith("save"));
  expect(sonner.error).toHaveBeenCalledWith("Could not save", { id: "save" });
  expect(sonner.success).toHaveBeenCalledWith("Saved", { id: "save" });
  const order = [sonner.error, sonner.success, sonner.dismiss].map(
    (fn) => vi.mocked(fn).mock.invocationCallOrder[0]!,
  );
  expect(order).toEqual([...order].sort((a, b) => a - b));

  // Once loaded, a toast is raised at once.
  lazy.toast.warning("Careful");
  expect(sonner.warning).toHaveBeenCalledWith("Careful");
});
