/** The product's name, as the brand shows it and every tab's title begins: never translated. */
export const PRODUCT_NAME = 'SocialConnect';
