// The help line of the error screen when the server answered a search with an HTTP error (the modal and the search
// page): the network is fine, so it does not say "check your network" (DocSearch's text for a failed request).
import React from 'react';
import Translate from '@docusaurus/Translate';

export function HttpErrorHelp(): React.ReactElement {
  return (
    <Translate id="search.error.http" description="The search failed because the server answered with an error">
      服务器返回了错误，请稍后再试；问题持续时请联系站点管理员。
    </Translate>
  );
}
