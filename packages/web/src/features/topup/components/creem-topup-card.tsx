import { App, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreemProduct } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { startCreemCheckout } from '../api/checkout.api';
import { creemPriceText } from '../creem-products';

/**
 * Creem products (new-api's Creem top-up): one card per product with its price and the quota it adds;
 * buying one confirms, then sends the browser to Creem's checkout page.
 */
export function CreemTopUpCard({ products }: { products: CreemProduct[] }) {
  const { t } = useTranslation('topup');
  const { modal } = App.useApp();
  const formatQuota = useQuotaFormatter();
  const pay = useMutation({ mutationFn: (productId: string) => startCreemCheckout(productId), onSuccess: (result) => window.location.assign(result.checkout_url) });

  const buy = (product: CreemProduct) =>
    modal.confirm({
      title: t('creem.confirmTitle'),
      content: t('creem.confirmContent', { name: product.name, price: creemPriceText(product), quota: formatQuota(product.quota) }),
      okText: t('creem.confirmPay'),
      cancelText: t('creem.cancel'),
      onOk: () => pay.mutateAsync(product.productId),
    });

  return (
    <Card title={t('creem.title')} data-testid="creem-topup">
      {products.length === 0 ? (
        <Typography.Text type="secondary">{t('creem.empty')}</Typography.Text>
      ) : (
        <Row gutter={[12, 12]}>
          {products.map((p) => (
            <Col key={p.productId} xs={24} sm={12}>
              <Card size="small" data-testid={`creem-product-${p.productId}`}>
                <Flex vertical gap={4}>
                  <Typography.Text strong>{p.name}</Typography.Text>
                  <Typography.Text style={{ fontSize: 18 }}>{creemPriceText(p)}</Typography.Text>
                  <Typography.Text type="secondary">{t('creem.quota', { quota: formatQuota(p.quota) })}</Typography.Text>
                  <Button type="primary" onClick={() => buy(p)} loading={pay.isPending && pay.variables === p.productId} style={{ marginTop: 8 }}>
                    {t('creem.buy')}
                  </Button>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
