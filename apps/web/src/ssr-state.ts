/** id of the <script type="application/json"> holding the server's dehydrated query cache */
export const SSR_STATE_ID = "ssr-state";
