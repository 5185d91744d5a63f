// Types of the test component `probe-component` (apps/components/packages), installed beside the copy.
declare module "probe-component/convex.config" {
  const component: import("convex/server").ComponentDefinition;
  export default component;
}
