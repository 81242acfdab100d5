import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, UserRoundXIcon } from 'lucide-react';

import { MissingScreen } from '../layout/missing-pages';
import { SELLER_TEXTS } from '../listings/listing-texts';

export function SellerNotFound() {
  return (
    <MissingScreen
      icon={UserRoundXIcon}
      title={SELLER_TEXTS.notFoundTitle}
      description={SELLER_TEXTS.notFoundDescription}
      action={
        <Link to="/home">
          <ArrowLeftIcon aria-hidden="true" />
          {SELLER_TEXTS.goBack}
        </Link>
      }
    />
  );
}
