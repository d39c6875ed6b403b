// The mall remote (`saas-mall-app`): webpack's entry. The host loads only the exposed `./routes`
// (src/routes.tsx) through Module Federation; nothing runs from here.
export {};
